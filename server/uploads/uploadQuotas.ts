/** How many bytes of photos visitors may store (editors' uploads are not counted). */
export interface UploadQuotas {
  /** `UPLOADS_CLIENT_DAILY_MB`, default 200: what one client may upload in 24 hours. */
  clientDailyBytes: number;
  /**
   * `UPLOADS_PENDING_MAX_MB`, default 5120 (5 GB): what every photo still waiting for an editor
   * may hold together; beyond it visitors' uploads answer 507 until editors decide.
   */
  pendingBytes: number;
}

/** The quotas' defaults, MB: what the settings above mean when they are not set. */
export const DEFAULT_QUOTA_MB = { clientDaily: 200, pendingMax: 5120 } as const;

/** The quotas when `UPLOADS_CLIENT_DAILY_MB` and `UPLOADS_PENDING_MAX_MB` are not set. */
export const DEFAULT_UPLOAD_QUOTAS: UploadQuotas = {
  clientDailyBytes: DEFAULT_QUOTA_MB.clientDaily * 1024 * 1024,
  pendingBytes: DEFAULT_QUOTA_MB.pendingMax * 1024 * 1024,
};
