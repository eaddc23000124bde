import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
}

/** The title block at the top of a console page. */
export function PageHeader({ title, subtitle, extra }: PageHeaderProps) {
  return (
    <header className="atrium-page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {extra ? <div className="atrium-page-header-extra">{extra}</div> : null}
    </header>
  );
}
