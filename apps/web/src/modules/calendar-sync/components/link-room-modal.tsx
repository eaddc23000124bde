import type { CalendarConnection } from '@atrium/contract';
import { Alert, App, Form, Modal, Select } from 'antd';
import type { ButtonProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useCalendarCollections, useCalendarConfig, useLinkableRooms } from '../api/calendar-sync.api';

interface Values {
  roomId: number;
  collectionUrl: string;
}

/**
 * Links a room to one of the account's calendars. The calendars are asked of the service when the dialog opens (a
 * refused password or an unreachable server is said here); the rooms are found by name.
 */
export function LinkRoomModal({ connection, onClose }: { connection: CalendarConnection; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const rooms = useLinkableRooms(useDeferredValue(keyword));
  const collections = useCalendarCollections(connection.id);
  const config = useCalendarConfig();
  const dirty = useFormDirty(form);
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const [problem, setProblem] = useState<string | null>(null);

  const linked = new Set(connection.links.map((link) => link.collectionUrl));
  const calendarOptions = (collections.data?.collections ?? []).map((collection) => ({
    value: collection.url,
    label: collection.name ?? collection.url,
    disabled: linked.has(collection.url),
  }));
  const roomOptions = (rooms.data?.list ?? []).map((room) => ({ value: room.id, label: room.name }));

  async function save() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setProblem(null);
    try {
      await config.mutateAsync({ id: connection.id, links: [{ roomId: values.roomId, collectionUrl: values.collectionUrl }] });
      void message.success(t('calendar-sync.linkModal.linked'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.message);
    }
  }

  return (
    <Modal
      open
      title={t('calendar-sync.linkModal.title')}
      okText={t('calendar-sync.linkModal.save')}
      cancelText={t('calendar-sync.cancel')}
      onOk={() => void save()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={config.isPending}
      okButtonProps={{ 'data-testid': 'calendar-link-save', disabled: !collections.data } as ButtonProps}
    >
      <p className="atrium-muted">{t('calendar-sync.linkModal.help')}</p>
      <Form form={form} layout="vertical" requiredMark onValuesChange={dirty.onValuesChange} onFinish={() => void save()}>
        <Form.Item name="roomId" label={t('calendar-sync.linkModal.room')} rules={[{ required: true, message: t('calendar-sync.fields.required') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            options={roomOptions}
            loading={rooms.isFetching}
            placeholder={t('calendar-sync.linkModal.roomPlaceholder')}
            data-testid="calendar-link-room-select"
          />
        </Form.Item>
        <Form.Item name="collectionUrl" label={t('calendar-sync.linkModal.calendar')} rules={[{ required: true, message: t('calendar-sync.fields.required') }]}>
          <Select
            options={calendarOptions}
            loading={collections.isPending}
            disabled={!collections.data}
            placeholder={collections.isPending ? t('calendar-sync.linkModal.loading') : t('calendar-sync.linkModal.calendarPlaceholder')}
            data-testid="calendar-link-calendar-select"
          />
        </Form.Item>
        {collections.error ? <Alert type="error" showIcon title={collections.error.message} data-testid="calendar-link-problem" /> : null}
        {problem ? <Alert type="error" showIcon title={problem} data-testid="calendar-link-problem" /> : null}
      </Form>
    </Modal>
  );
}
