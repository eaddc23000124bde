import type { NotificationAction } from '@atrium/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const COLORS: Record<NotificationAction, string> = { open: 'gold', done: 'green', closed: 'default' };

/** Where the action a notification asks for stands (check in, decide); nothing for one that asks none. */
export function NotificationActionTag({ action, testId }: { action: NotificationAction | null; testId?: string }) {
  const { t } = useTranslation();
  if (action === null) return null;
  return (
    <Tag color={COLORS[action]} className="atrium-notification-action" data-testid={testId}>
      {t(`notification.action.${action}`)}
    </Tag>
  );
}
