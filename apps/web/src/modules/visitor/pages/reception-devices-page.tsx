import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { hasPermission, type VisitorDevice } from '@atrium/contract';
import { Alert, App, Button, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { readReceptionPlace, saveReceptionPlace, useDeleteVisitorDevices, useUpdateVisitorDevice, useVisitorDevices } from '../api/reception-devices.api';
import { useVisitLocations } from '../api/visitor.api';
import { ReceptionDeviceList, type ReceptionDeviceActions } from '../components/reception-device-list';
import { ReceptionDeviceModal } from '../components/reception-device-modal';
import { PlaceReceptionistsCard } from '../components/place-receptionists-card';
import { placeLabel } from '../components/reception-device-parts';
import { SignInWindowCard } from '../components/sign-in-window-card';
import { WalkInLinkCard } from '../components/walk-in-link-card';

/** The device being changed, or null for a new one. */
type Editing = { device: VisitorDevice | null } | null;

/**
 * /guider-location: each place's reception (decision 0018, "Reception devices and the kiosk"): the
 * hours before a visit its visitors may check in, its receptionists, its walk-in link, and its visitor
 * kiosks, badge printers and door controllers. The menu's area is rooms and locations: view reads, edit changes.
 */
export function ReceptionDevicesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const locations = useVisitLocations();
  const [chosenId, setChosenId] = useState(() => readReceptionPlace(user.company.id));
  const places = locations.data ?? [];
  // The place chosen last in this browser while it still exists, else the first.
  const place = places.find((candidate) => candidate.id === chosenId) ?? places[0];
  const devices = useVisitorDevices(place?.id);
  const update = useUpdateVisitorDevice();
  const remove = useDeleteVisitorDevices();
  const [editing, setEditing] = useState<Editing>(null);
  const list = devices.data ?? [];

  function choose(locationId: number) {
    setChosenId(locationId);
    saveReceptionPlace(user.company.id, locationId);
  }

  /** Runs a change from a row and toasts the server's answer. */
  async function act(change: () => Promise<{ message: string }>) {
    try {
      void message.success((await change()).message);
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  const actions: ReceptionDeviceActions | undefined = canEdit
    ? {
        edit: (device) => setEditing({ device }),
        newCode: (device) => act(() => update.mutateAsync({ id: device.id, regenerateCode: true })),
        remove: (device) => act(() => remove.mutateAsync({ ids: [device.id] })),
      }
    : undefined;

  const picker = (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      value={place?.id}
      onChange={choose}
      options={places.map((candidate) => ({ value: candidate.id, label: placeLabel(candidate) }))}
      loading={locations.isPending}
      prefix={<EnvironmentOutlined />}
      placeholder={t('visitor.devices.place')}
      aria-label={t('visitor.devices.place')}
      className="atrium-reception-place"
      data-testid="reception-place"
    />
  );

  return (
    <div className="atrium-page" data-testid="page-reception-devices">
      <PageHeader
        title={t('visitor.devices.title')}
        subtitle={t('visitor.devices.subtitle')}
        extra={
          canEdit && place ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ device: null })} data-testid="reception-device-add">
              {t('visitor.devices.add')}
            </Button>
          ) : null
        }
      />
      {locations.isSuccess && places.length === 0 ? (
        <EmptyState description={t('visitor.devices.noPlaces')} data-testid="reception-no-places" />
      ) : (
        <>
          <div className="atrium-reception-toolbar">{picker}</div>
          {place ? (
            <div className="atrium-reception-body">
              <SignInWindowCard place={place} canEdit={canEdit} />
              <PlaceReceptionistsCard place={place} canEdit={canEdit} />
              <WalkInLinkCard place={place} />
              {devices.isError ? (
                <Alert type="warning" showIcon title={devices.error instanceof ApiError ? devices.error.message : t('visitor.devices.loadFailed')} data-testid="reception-load-failed" />
              ) : null}
              <ReceptionDeviceList devices={list} loading={devices.isPending} {...(actions ? { actions } : {})} />
            </div>
          ) : null}
        </>
      )}
      {editing && place ? (
        <ReceptionDeviceModal place={place} device={editing.device} printers={list.filter((device) => device.kind === 'printer')} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
