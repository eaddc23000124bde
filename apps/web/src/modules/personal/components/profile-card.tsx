import { PERMISSION_AREAS, type CurrentUserInfo, type PermissionArea } from '@atrium/contract';
import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { browserZone } from '../../../shared/time-zone/viewer-zone';
import { zoneName } from '../../../shared/time-zone/zone-text';
import { ProfileForm } from './profile-form';

export interface ProfileCardProps {
  user: CurrentUserInfo;
}

/** The signed-in user's profile, with an edit dialog, and what their role allows. */
export function ProfileCard({ user }: ProfileCardProps) {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const notSet = <span className="atrium-muted">{t('common.notSet')}</span>;
  const granted = new Set(user.permissions);
  const areas = PERMISSION_AREAS.flatMap((area): { area: PermissionArea; level: 'view' | 'edit' }[] => {
    if (granted.has(`${area}:edit`)) return [{ area, level: 'edit' }];
    if (granted.has(`${area}:view`)) return [{ area, level: 'view' }];
    return [];
  });

  return (
    <Card
      className="atrium-card"
      data-testid="personal-profile"
      title={t('personal.profile.title')}
      extra={
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="personal-profile-edit">
          {t('personal.edit.open')}
        </Button>
      }
    >
      <ProfileForm user={user} open={isEditing} onClose={() => setEditing(false)} />
      <div className="atrium-profile-head">
        <UserAvatar size={64} name={user.fullName || user.userName} avatar={user.avatar} />
        <div>
          <h2>{user.fullName || user.userName}</h2>
          <Tag variant="filled" color="processing">
            {user.role.name}
          </Tag>
        </div>
      </div>
      <Descriptions
        column={1}
        colon={false}
        size="small"
        className="atrium-profile-fields"
        items={[
          { key: 'fullName', label: t('personal.profile.fullName'), children: user.fullName || notSet },
          { key: 'userName', label: t('personal.profile.userName'), children: user.userName },
          { key: 'email', label: t('personal.profile.email'), children: user.email || notSet },
          { key: 'phone', label: t('personal.profile.phone'), children: user.phone || notSet },
          { key: 'gender', label: t('personal.edit.gender'), children: t(`personal.gender.${user.gender}`) },
          {
            key: 'timeZone',
            label: t('personal.zone.label'),
            children: (
              <span data-testid="personal-time-zone-shown">
                {user.timeZone ? `${zoneName(user.timeZone, t)} (${user.timeZone})` : t('personal.zone.browser', { zone: zoneName(browserZone(), t) })}
              </span>
            ),
          },
          { key: 'role', label: t('personal.profile.role'), children: user.role.name },
          { key: 'department', label: t('personal.profile.department'), children: user.department?.name || notSet },
          { key: 'company', label: t('personal.profile.company'), children: user.company.name || notSet },
        ]}
      />
      <div className="atrium-profile-permissions">
        <h3>{t('personal.permissions.title')}</h3>
        {areas.length === 0 ? (
          <p className="atrium-muted">{t('personal.permissions.none')}</p>
        ) : (
          <ul>
            {areas.map(({ area, level }) => (
              <li key={area}>
                <span>{t(`permissions.${area}`)}</span>
                <Tag variant="filled" color={level === 'edit' ? 'success' : 'default'}>
                  {t(`personal.permissions.${level}`)}
                </Tag>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
