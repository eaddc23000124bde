import type { LicenceState } from '@atrium/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<LicenceState, string> = { valid: 'green', expiring: 'gold', grace: 'orange', expired: 'red', unlicensed: 'default' };

/** A module's or a licence's state as a coloured tag. */
export function LicenceStateTag({ state, testId }: { state: LicenceState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[state]} data-testid={testId}>
      {t(`licence.state.${state}`)}
    </Tag>
  );
}
