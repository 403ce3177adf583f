import { readConfig } from '@/lib/config';

/** This build's configuration (see `.env.example`). */
export const config = readConfig(import.meta.env);
