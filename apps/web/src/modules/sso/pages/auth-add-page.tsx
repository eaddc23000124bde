import LinkOutlined from '@ant-design/icons/LinkOutlined';
import { LOG_TIME_FORMAT, SSO_LINK_ERRORS, type LinkedIdentity, type SsoLinkError } from '@atrium/contract';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLinkedIdentities, useStartLink, useUnlinkIdentity } from '../api/sso.api';

const isLinkError = (code: string | null): code is SsoLinkError => (SSO_LINK_ERRORS as readonly string[]).includes(code ?? '');

/**
 * /auth-add: completes a third-party authorisation (spec 000 section 2). The signed-in user links their
 * account at the company's OpenID provider; the provider sends the browser back here with the outcome.
 */
export function AuthAddPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const identities = useLinkedIdentities();
  const startLink = useStartLink();
  const unlink = useUnlinkIdentity();
  const error = params.get('error');
  const issuer = identities.data?.issuer ?? null;
  const list = identities.data?.list ?? [];

  const goLink = () => startLink.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) });

  return (
    <div className="atrium-page" data-testid="page-auth-add">
      <Typography.Title level={4}>{t('auth.authAdd.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('sso.authAdd.subtitle')}</Typography.Paragraph>
      {params.get('linked') === '1' ? <Alert type="success" showIcon title={t('sso.authAdd.linked')} data-testid="auth-add-linked" style={{ marginBottom: 16 }} /> : null}
      {isLinkError(error) ? <Alert type="error" showIcon title={t(`sso.authAdd.errors.${error}`)} data-testid="auth-add-error" style={{ marginBottom: 16 }} /> : null}
      <Card loading={identities.isPending}>
        <DataTable<LinkedIdentity>
          rowKey="issuer"
          dataSource={list}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={tableEmpty(t('sso.authAdd.none'))}
          data-testid="auth-add-list"
          columns={[
            { title: t('sso.authAdd.provider'), dataIndex: 'issuer' },
            { title: t('sso.authAdd.email'), dataIndex: 'email', render: (email: string | null) => email ?? '—' },
            { title: t('sso.authAdd.linkedAt'), dataIndex: 'linkedAt', render: (at: number) => dayjs(at).format(LOG_TIME_FORMAT) },
            {
              key: 'actions',
              render: (_: unknown, row) => (
                <Popconfirm
                  title={t('sso.authAdd.unlinkConfirm')}
                  onConfirm={() => unlink.mutateAsync(row.issuer).then(() => void message.success(t('sso.authAdd.unlinked')))}
                >
                  <Button type="link" danger data-testid="auth-add-unlink">
                    {t('sso.authAdd.unlink')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
        <div style={{ marginTop: 16 }}>
          {issuer ? (
            <Button type="primary" icon={<LinkOutlined />} loading={startLink.isPending} onClick={goLink} data-testid="auth-add-link">
              {list.length ? t('sso.authAdd.relink') : t('sso.authAdd.link')}
            </Button>
          ) : identities.isSuccess ? (
            <Typography.Text type="secondary" data-testid="auth-add-off">
              {t('sso.authAdd.off')}
            </Typography.Text>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
