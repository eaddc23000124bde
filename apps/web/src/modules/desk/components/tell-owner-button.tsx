import { NotificationOutlined } from '@ant-design/icons';
import type { Desk } from '@atrium/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTellDeskOwners } from '../api/desk-access.api';

/** "Tell the owner": an assigned desk's owner (or its department's members) hears by console and mail that it is theirs. */
export function TellOwnerButton({ desk }: { desk: Desk }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tell = useTellDeskOwners();
  const run = () =>
    tell.mutateAsync([desk.id]).then(
      (result) => void message.success(t('desk.access.told', { count: result.told })),
      () => undefined, // The client has shown the server's reason.
    );
  return (
    <Button size="small" icon={<NotificationOutlined />} loading={tell.isPending} onClick={() => void run()} aria-label={t('desk.access.tellOwner', { number: desk.number })} title={t('desk.access.tellOwner', { number: desk.number })} data-testid={`desk-tell-owner-${desk.id}`} />
  );
}
