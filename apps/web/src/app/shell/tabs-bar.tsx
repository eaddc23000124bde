import CloseOutlined from '@ant-design/icons/CloseOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isClosable, tabTestIdSuffix, type Tab, type TabCommand } from './tabs-model';

/** A tab as the bar shows it. */
export interface TabView extends Tab {
  title: string;
}

export interface TabsBarProps {
  tabs: TabView[];
  activePath: string;
  onSelect: (tab: Tab) => void;
  /** Runs a close command relative to the tab at `path`. */
  onCommand: (command: TabCommand, path: string) => void;
  onMove: (fromPath: string, toPath: string) => void;
}

const ROVING_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Moves focus along the tab strip (ARIA tabs with manual activation: Enter or Space shows the page). */
function focusSibling(from: HTMLElement, key: string) {
  const tabs = [...(from.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const at = tabs.indexOf(from);
  const next = key === 'Home' ? 0 : key === 'End' ? tabs.length - 1 : (at + (key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
  tabs[next]?.focus();
}

/** The open pages as tabs: click to show, × to close, right-click or the end menu for more, drag to reorder. */
export function TabsBar({ tabs, activePath, onSelect, onCommand, onMove }: TabsBarProps) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    strip.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tabs.length]);

  const commandsFor = (path: string): MenuProps => {
    const at = tabs.findIndex((tab) => tab.path === path);
    // A page without a tab (the 404) can only close all.
    const unknown = at === -1;
    const anyClosable = (list: TabView[]) => list.some(isClosable);
    return {
      items: [
        { key: 'close', label: t('shell.tabs.close'), disabled: unknown || !isClosable(tabs[at]!), 'data-testid': 'tab-close-current' },
        { type: 'divider' },
        { key: 'close-left', label: t('shell.tabs.closeLeft'), disabled: unknown || !anyClosable(tabs.slice(0, at)), 'data-testid': 'tab-close-left' },
        { key: 'close-right', label: t('shell.tabs.closeRight'), disabled: unknown || !anyClosable(tabs.slice(at + 1)), 'data-testid': 'tab-close-right' },
        {
          key: 'close-others',
          label: t('shell.tabs.closeOthers'),
          disabled: unknown || !anyClosable(tabs.filter((tab) => tab.path !== path)),
          'data-testid': 'tab-close-others',
        },
        { key: 'close-all', label: t('shell.tabs.closeAll'), disabled: !anyClosable(tabs), 'data-testid': 'tab-close-all' },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        onCommand(key as TabCommand, path);
      },
    };
  };

  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };

  const dragHandlers = (tab: TabView) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', tab.path);
      setDragged(tab.path);
    },
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== tab.path) setOver(tab.path);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const from = dragged ?? event.dataTransfer.getData('text/plain');
      if (from) onMove(from, tab.path);
      endDrag();
    },
    onDragEnd: endDrag,
  });

  return (
    <div className="atrium-tabs" data-testid="tabs-bar">
      <div className="atrium-tabs-strip" ref={strip} role="tablist" aria-label={t('shell.tabs.label')}>
        {tabs.map((tab) => {
          const suffix = tabTestIdSuffix(tab.path);
          const active = tab.path === activePath;
          const classes = ['atrium-tab', active && 'is-active', dragged === tab.path && 'is-dragged', over === tab.path && dragged !== tab.path && 'is-over'];
          return (
            <Dropdown key={tab.path} trigger={['contextMenu']} destroyOnHidden menu={commandsFor(tab.path)}>
              <div
                role="tab"
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                title={tab.title}
                className={classes.filter(Boolean).join(' ')}
                data-testid={`tab-${suffix}`}
                onClick={() => onSelect(tab)}
                onAuxClick={(event) => {
                  // Middle click closes, as in browsers.
                  if (event.button === 1 && isClosable(tab)) onCommand('close', tab.path);
                }}
                aria-keyshortcuts={isClosable(tab) ? 'Delete' : undefined}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onSelect(tab);
                  }
                  if (event.key === 'Delete' && isClosable(tab)) onCommand('close', tab.path);
                  if (ROVING_KEYS.has(event.key)) {
                    event.preventDefault();
                    focusSibling(event.currentTarget, event.key);
                  }
                }}
                {...dragHandlers(tab)}
              >
                <span className="atrium-tab-dot" aria-hidden="true" />
                <span className="atrium-tab-title">{tab.title}</span>
                {isClosable(tab) ? (
                  // A pointer's shortcut only: a control inside a tab is not reachable as one (ARIA tabs);
                  // the keyboard closes with Delete or the context menu.
                  <span
                    aria-hidden="true"
                    className="atrium-tab-close"
                    title={t('shell.tabs.close')}
                    data-testid={`tab-close-${suffix}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onCommand('close', tab.path);
                    }}
                  >
                    <CloseOutlined />
                  </span>
                ) : null}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown trigger={['click']} destroyOnHidden placement="bottomRight" menu={commandsFor(activePath)}>
        <Button type="text" size="small" className="atrium-tabs-more" icon={<DownOutlined />} aria-label={t('shell.tabs.actions')} data-testid="tabs-actions" />
      </Dropdown>
    </div>
  );
}
