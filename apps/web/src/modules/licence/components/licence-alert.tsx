import Alert from 'antd/es/alert';

/** The banner itself: antd's Alert, loaded only when a banner is due (licence-banner.tsx). */
export function LicenceAlert({ isReadOnly, state, title }: { isReadOnly: boolean; state: string; title: string }) {
  return <Alert className="atrium-licence-banner" type={isReadOnly ? 'error' : 'warning'} showIcon banner data-testid="licence-banner" data-state={state} title={title} />;
}
