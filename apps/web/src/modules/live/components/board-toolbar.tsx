import type { LiveLocation, LiveRoom } from '@atrium/contract';
import { LIVE_ROOM_STATES } from '@atrium/contract';
import { Segmented, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { locationTree, STATE_TAG } from './live-format';
import type { BoardMode } from './room-board';

export function LocationFilter({ locations, value, onChange }: { locations: LiveLocation[]; value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      value={value}
      onChange={(id: number | undefined) => onChange(id ?? undefined)}
      treeData={locationTree(locations)}
      placeholder={t('live.filter.location')}
      aria-label={t('live.filter.location')}
    />
  );
}

export function ModeSwitch({ value, onChange }: { value: BoardMode; onChange: (mode: BoardMode) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented<BoardMode>
      data-testid="live-mode"
      value={value}
      onChange={onChange}
      options={[
        { value: 'list', label: t('live.mode.list') },
        { value: 'thumbnail', label: t('live.mode.thumbnail') },
      ]}
    />
  );
}

/** How many rooms are in each state. */
export function StateSummary({ rooms }: { rooms: LiveRoom[] }) {
  const { t } = useTranslation();
  return (
    <div className="live-summary" data-testid="live-summary">
      {LIVE_ROOM_STATES.map((state) => (
        <Tag key={state} color={STATE_TAG[state]}>
          {t(`live.state.${state}`)} · {rooms.filter((room) => room.state === state).length}
        </Tag>
      ))}
    </div>
  );
}
