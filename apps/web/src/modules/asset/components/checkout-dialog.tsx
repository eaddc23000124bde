import { FILTER_DEBOUNCE_MS, type Asset, type AssetTargetKind } from '@atrium/contract';
import type { ButtonProps } from 'antd';
import { App, Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useAssetTargets, useCheckoutAsset } from '../api/asset.api';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';

/** Checks a ready asset out to a colleague, a desk or a room, picked by name. */
export function CheckoutDialog({ asset, onClose }: { asset: Asset; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [kind, setKind] = useState<AssetTargetKind>('user');
  const [search, setSearch] = useState('');
  const [targetId, setTargetId] = useState<number>();
  const targets = useAssetTargets(kind, useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS));
  const checkout = useCheckoutAsset();

  async function submit() {
    if (targetId === undefined) return;
    try {
      const saved = await checkout.mutateAsync({ id: asset.id, targetKind: kind, targetId });
      void message.success(t('asset.list.checkedOut', { tag: saved.tag, name: saved.holder?.name ?? '' }));
      onClose();
    } catch {
      // The client has shown the server's reason.
    }
  }

  // A holder chosen and not saved is a change to ask about before it goes.
  const { confirmLeave } = useUnsavedChanges(targetId !== undefined);

  return (
    <Modal
      open
      title={t('asset.list.checkoutTitle', { tag: asset.tag })}
      okText={t('asset.actions.checkout')}
      cancelText={t('asset.actions.cancel')}
      okButtonProps={{ disabled: targetId === undefined, loading: checkout.isPending, 'data-testid': 'asset-checkout-save' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={() => confirmLeave(onClose)}
    >
      <Form layout="vertical">
        <Form.Item label={t('asset.fields.holderKind')}>
          <Radio.Group
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as AssetTargetKind);
              setTargetId(undefined);
              setSearch('');
            }}
            options={(['user', 'desk', 'room'] as const).map((value) => ({ value, label: t(`asset.targetKinds.${value}`) }))}
            data-testid="asset-checkout-kind"
          />
        </Form.Item>
        <Form.Item label={t(`asset.targetKinds.${kind}`)} required>
          <Select<number>
            showSearch
            filterOption={false}
            onSearch={setSearch}
            value={targetId}
            onChange={setTargetId}
            loading={targets.isFetching}
            placeholder={t('asset.list.targetPlaceholder')}
            options={(targets.data ?? []).map((target) => ({ value: target.id, label: target.detail ? `${target.name} · ${target.detail}` : target.name }))}
            data-testid="asset-checkout-target"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
