import { hasPermission, LOCATION_LEVELS, type LocationNode, type Room } from '@atrium/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Descriptions, Skeleton, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { fetchLocationChildren, locationKeys, useDeleteLocation, useLocationInfo, useMoveLocation } from '../api/location.api';
import type { LocationAction } from '../components/location-actions';
import { LocationNodeModal, type NodeDialog } from '../components/location-node-modal';
import { LocationTree, ROOT_KEY } from '../components/location-tree';
import { RoomFormDrawer } from '../components/room-form-drawer';
import { RoomList } from '../components/room-list';
import { RoomTypesTab } from '../components/room-types-tab';
import './meeting-page.css';

const keyOf = (node: LocationNode | null) => (node ? String(node.id) : ROOT_KEY);

/**
 * The tree's loaded levels: each opened node's children, fetched when it opens and fetched again
 * (for every opened node) after a change, so the tree stays lazy and current.
 */
function useLazyTree() {
  const queryClient = useQueryClient();
  const [children, setChildren] = useState(new Map<string, LocationNode[]>());

  const load = useCallback(
    async (node: LocationNode | null) => {
      const list = await queryClient.fetchQuery({ queryKey: locationKeys.children(node?.id ?? null), queryFn: ({ signal }) => fetchLocationChildren(node?.id ?? null, signal), staleTime: 0 });
      setChildren((current) => new Map(current).set(keyOf(node), list));
    },
    [queryClient],
  );

  const reload = useCallback(async () => {
    const keys = [...children.keys()];
    const lists = await Promise.all(
      keys.map((key) => {
        const parentId = key === ROOT_KEY ? null : Number(key);
        return fetchLocationChildren(parentId).catch(() => null);
      }),
    );
    setChildren(() => {
      const next = new Map<string, LocationNode[]>();
      keys.forEach((key, index) => {
        const list = lists[index];
        if (list) next.set(key, list);
      });
      return next;
    });
  }, [children]);

  const find = useCallback(
    (key: string): LocationNode | null => {
      for (const list of children.values()) {
        const found = list.find((node) => String(node.id) === key);
        if (found) return found;
      }
      return null;
    },
    [children],
  );

  return { children, load, reload, find };
}

/** /meeting: the location tree on the left, the selected node's rooms on the right, and the room types. */
export function MeetingPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const tree = useLazyTree();
  const [selectedKey, setSelectedKey] = useState(ROOT_KEY);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([ROOT_KEY]);
  const [dialog, setDialog] = useState<NodeDialog | null>(null);
  const [drawer, setDrawer] = useState<{ room: Room | null; floorId: number | null } | null>(null);
  const move = useMoveLocation();
  const remove = useDeleteLocation();
  const selected = selectedKey === ROOT_KEY ? null : tree.find(selectedKey);
  const info = useLocationInfo(selected?.id ?? null);
  const queryClient = useQueryClient();
  const { load, reload } = tree;

  useEffect(() => {
    void load(null);
  }, [load]);


  /** After a change: reload the opened levels, and open the parent of a new node. */
  const changed = async (parentKey?: string) => {
    await reload();
    if (parentKey) {
      setExpandedKeys((keys) => (keys.includes(parentKey) ? keys : [...keys, parentKey]));
      const parent = parentKey === ROOT_KEY ? null : tree.find(parentKey);
      await load(parent);
    }
  };

  const onAction = (action: LocationAction, node: LocationNode | null) => {
    if (action.kind === 'add') setDialog({ kind: 'add', parent: node, level: action.level });
    if (!node) return;
    if (action.kind === 'addRoom') setDrawer({ room: null, floorId: node.id });
    if (action.kind === 'edit') setDialog({ kind: 'edit', node });
    if (action.kind === 'editRoom') {
      void queryClient
        .fetchQuery({ queryKey: locationKeys.room(node.id), queryFn: ({ signal }) => api.get<Room>('/location/findRoomById', { query: { id: node.id }, signal }) })
        .then((room) => setDrawer({ room, floorId: null }))
        .catch(() => undefined);
    }
    if (action.kind === 'setAttribute') setDialog({ kind: 'attribute', node });
    if (action.kind === 'moveUp' || action.kind === 'moveDown') {
      move.mutate({ id: node.id, direction: action.kind === 'moveUp' ? 'up' : 'down' }, { onSuccess: () => void reload().then(() => message.success(t('location.messages.moved'))) });
    }
    if (action.kind === 'delete') {
      modal.confirm({
        title: t('location.node.deleteTitle', { name: node.locationName }),
        content: t('location.node.deleteContent', { name: node.locationName }),
        okText: t('location.actions.delete'),
        okButtonProps: { danger: true, 'data-testid': 'location-delete-confirm' },
        cancelText: t('location.actions.cancel'),
        onOk: () =>
          remove
            .mutateAsync(node.id)
            .then(async () => {
              void message.success(t('location.messages.deleted'));
              if (selectedKey === String(node.id)) setSelectedKey(ROOT_KEY);
              await reload();
            })
            .catch(() => undefined),
      });
    }
  };

  const selectedFloorId = selected?.level === LOCATION_LEVELS.floor ? selected.id : selected?.level === LOCATION_LEVELS.room ? selected.parentId : null;

  const roomsTab = (
    <div className="meeting-layout">
      <Card className="atrium-card meeting-tree-card" title={t('location.tree.title')} data-testid="location-tree">
        <p className="atrium-muted meeting-tree-hint">{t('location.tree.hint')}</p>
        {tree.children.has(ROOT_KEY) ? (
          <LocationTree
            children={tree.children}
            selectedKey={selectedKey}
            expandedKeys={expandedKeys}
            canEdit={canEdit}
            onExpand={setExpandedKeys}
            onLoad={load}
            onSelect={(node) => setSelectedKey(keyOf(node))}
            onAction={onAction}
          />
        ) : (
          <Skeleton active />
        )}
      </Card>
      <div className="meeting-main">
        {selected ? (
          <Card className="atrium-card" data-testid="location-details">
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t(`location.levels.${selected.level}`)}>
                <strong>{selected.locationName}</strong>
              </Descriptions.Item>
              <Descriptions.Item label={t('location.node.effectiveTimeZone')}>
                <span data-testid="location-details-zone">{selected.effectiveTimeZone ?? t('location.node.none')}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('location.node.effectiveAddress')}>{selected.effectiveAddress ?? t('location.node.none')}</Descriptions.Item>
              {info.data?.description ? <Descriptions.Item label={t('location.node.description')}>{info.data.description}</Descriptions.Item> : null}
              <Descriptions.Item label={t('location.node.path')}>{(info.data?.path ?? []).map((step) => step.locationName).join(' / ')}</Descriptions.Item>
            </Descriptions>
          </Card>
        ) : null}
        <Card className="atrium-card" title={selected ? t('location.rooms.title', { name: selected.locationName }) : t('location.rooms.allTitle')}>
          <RoomList
            node={selected}
            canEdit={canEdit}
            onAdd={() => setDrawer({ room: null, floorId: selectedFloorId })}
            onEdit={(room) => setDrawer({ room, floorId: null })}
          />
        </Card>
      </div>
    </div>
  );

  return (
    <div className="atrium-page" data-testid="page-meeting">
      <PageHeader title={t('location.title')} subtitle={t('location.subtitle')} />
      <Tabs
        className="meeting-tabs"
        items={[
          { key: 'rooms', label: t('location.tabs.rooms'), children: roomsTab },
          { key: 'types', label: <span data-testid="meeting-tab-types">{t('location.tabs.types')}</span>, children: <Card className="atrium-card"><RoomTypesTab canEdit={canEdit} /></Card> },
        ]}
      />
      {dialog ? (
        <LocationNodeModal
          dialog={dialog}
          onClose={() => setDialog(null)}
          onDone={() => {
            const parentKey = dialog.kind === 'add' ? keyOf(dialog.parent) : undefined;
            setDialog(null);
            void changed(parentKey);
          }}
        />
      ) : null}
      {drawer ? (
        <RoomFormDrawer
          room={drawer.room}
          floorId={drawer.floorId}
          onClose={() => {
            const floorKey = drawer.floorId ? String(drawer.floorId) : undefined;
            setDrawer(null);
            void changed(floorKey);
          }}
        />
      ) : null}
    </div>
  );
}
