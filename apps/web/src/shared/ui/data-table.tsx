import { Table, type TableProps } from 'antd';
import type { TableRef } from 'antd/es/table';
import type { ColumnGroupType, ColumnType } from 'antd/es/table';
import { isValidElement, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import './data-table.css';

export interface TruncatedTextProps {
  text: string;
  /** Bold, for the name that leads a row. */
  isStrong?: boolean;
  /** Lines shown before the cut: 1 for a name, 2 for a path that reads better wrapped. */
  lines?: 1 | 2;
  className?: string;
  testId?: string;
}

/**
 * A name on one line, cut with an ellipsis at the column's limit, the whole of it on hover
 * (issue 17: names up to 254 characters, Chinese text). Used for every name a person typed.
 */
export function TruncatedText({ text, isStrong, lines = 1, className, testId }: TruncatedTextProps) {
  return (
    <span
      className={['atrium-truncate', lines === 2 ? 'atrium-truncate-2' : null, isStrong ? 'atrium-strong' : null, className].filter(Boolean).join(' ')}
      title={text}
      data-testid={testId}
    >
      {text}
    </span>
  );
}

type AnyColumn<T> = ColumnType<T> | ColumnGroupType<T>;

/**
 * A column as every table shows it: a plain text value is truncated with the whole on hover, and any
 * other content is held to the cell's limit, so no name makes its table wider than the screen (the
 * tables size their columns to their content); the column keyed `actions` stays pinned to the right
 * edge, so a row's buttons are in sight however the other columns scroll.
 */
export function limitColumn<T>(column: AnyColumn<T>): AnyColumn<T> {
  if ('children' in column && column.children) return { ...column, children: column.children.map((child) => limitColumn(child)) };
  const leaf = column as ColumnType<T>;
  const isActions = leaf.key === 'actions';
  // A column of sentences (not names) may be wider: its column class says so.
  const cellClass = leaf.className?.split(' ').includes('atrium-wide-column') ? 'atrium-cell atrium-cell-wide' : 'atrium-cell';
  const render = leaf.render;
  const { ellipsis: _ellipsis, ...rest } = leaf;
  return {
    // antd's ellipsis needs fixed widths and hides the whole name; the shared rule replaces it.
    ...rest,
    ...(isActions ? { fixed: 'right' as const, className: ['atrium-actions-column', leaf.className].filter(Boolean).join(' ') } : {}),
    render: (value: unknown, record: T, index: number) => {
      const shown = render ? render(value, record, index) : (value as ReactNode);
      // A row's buttons wrap inside their own limit, so the pinned column stays narrow on a phone.
      if (isActions) return isValidElement(shown) ? <div className="atrium-actions-cell">{shown}</div> : shown;
      if (typeof shown === 'string' && shown.length > 0) {
        return (
          <div className={cellClass}>
            <TruncatedText text={shown} />
          </div>
        );
      }
      // Any other content (a name above its path, tags, a note) stays inside the cell's limit.
      return isValidElement(shown) ? <div className={cellClass}>{shown}</div> : shown;
    },
  } as AnyColumn<T>;
}

/**
 * The console's table: antd's Table with the shared column rules (`limitColumn`) and columns that
 * scroll inside the table's own box, never the page.
 */
export function DataTable<T extends object>({ columns, className, scroll, ...rest }: TableProps<T>) {
  const limited = useMemo(() => columns?.map((column) => limitColumn(column as AnyColumn<T>)), [columns]);
  const table = useRef<TableRef>(null);
  useKeyboardReachableTable(table);
  return <Table<T> {...rest} ref={table} columns={limited} scroll={{ x: 'max-content', ...scroll }} className={['atrium-data-table', className].filter(Boolean).join(' ')} />;
}

const SCROLLERS = '.ant-table-content, .ant-table-body';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Two adjustments antd's table needs for WCAG (issue 19), made on its DOM because antd offers no
 * prop for them: a box that scrolls sideways can be focused, so the keyboard scrolls it too
 * (2.1.1); antd's hidden measuring row, which copies the header's controls (the select-all box),
 * is taken out of the focus order, since assistive technology is told it is not there.
 */
function useKeyboardReachableTable(table: RefObject<TableRef | null>) {
  useEffect(() => {
    const root = table.current?.nativeElement;
    if (!root) return;
    const adjust = () => {
      for (const scroller of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
        const scrolls = scroller.scrollWidth > scroller.clientWidth || scroller.scrollHeight > scroller.clientHeight;
        if (scrolls && scroller.tabIndex !== 0) scroller.tabIndex = 0;
        if (!scrolls && scroller.hasAttribute('tabindex')) scroller.removeAttribute('tabindex');
      }
      for (const row of root.querySelectorAll<HTMLElement>('.ant-table-measure-row')) {
        if (!row.inert) row.inert = true;
        for (const control of row.querySelectorAll<HTMLElement>(FOCUSABLE)) control.tabIndex = -1;
      }
    };
    adjust();
    // Read once a frame, however many changes came in it: reading the scroll sizes lays the page out, and a
    // render of a page of rows makes many mutations (each read forced a layout: 45 ms of a console load).
    let frame = 0;
    const adjustNextFrame = () => {
      if (frame === 0) frame = requestAnimationFrame(() => {
        frame = 0;
        adjust();
      });
    };
    const mutations = new MutationObserver(adjustNextFrame);
    mutations.observe(root, { childList: true, subtree: true });
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(adjustNextFrame);
    sizes?.observe(root);
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      sizes?.disconnect();
    };
  }, [table]);
}
