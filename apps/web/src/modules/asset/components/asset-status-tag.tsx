import type { AssetStatus } from '@atrium/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AssetStatus, string> = { ready: 'green', deployed: 'blue', in_repair: 'orange', retired: 'default' };

/** An asset's status as a coloured tag. */
export function AssetStatusTag({ status, testId }: { status: AssetStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={testId}>
      {t(`asset.statuses.${status}`)}
    </Tag>
  );
}
