import type { ReactNode } from 'react';

/** A plain page inside the main layout: a heading and its text. */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
