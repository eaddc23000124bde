import type { Application } from '@atrium/contract';
import { App, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSwitchApplication } from '../api/application.api';

/** An application's state for the company: on, off, or without pages in this build. */
export function applicationStatus(application: Application): 'on' | 'off' | 'notBuilt' {
  return !application.isBuilt ? 'notBuilt' : application.isEnabled ? 'on' : 'off';
}

/** An application's state as a coloured tag. */
export function ApplicationStatusTag({ application, testId }: { application: Application; testId?: string }) {
  const { t } = useTranslation();
  const status = applicationStatus(application);
  return (
    <Tag color={status === 'on' ? 'green' : status === 'off' ? 'default' : 'orange'} data-testid={testId}>
      {t(`application.status.${status}`)}
    </Tag>
  );
}

/** The administrator's switch of an application for the whole company (its menu entries follow). */
export function ApplicationSwitch({ application, name }: { application: Application; name: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const switchApplication = useSwitchApplication();
  return (
    <Switch
      checked={application.isEnabled}
      loading={switchApplication.isPending}
      onChange={(isEnabled) =>
        switchApplication.mutate(
          { key: application.key, isEnabled },
          { onSuccess: () => void message.success(t(isEnabled ? 'application.switchedOn' : 'application.switchedOff', { name })) },
        )
      }
      aria-label={t('application.switch', { name })}
      data-testid={`app-switch-${application.key}`}
    />
  );
}
