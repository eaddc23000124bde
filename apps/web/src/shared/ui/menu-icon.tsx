import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BulbOutlined,
  CalendarOutlined,
  CloudSyncOutlined,
  ClusterOutlined,
  ContainerOutlined,
  ControlOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  EyeOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  InsertRowAboveOutlined,
  KeyOutlined,
  LaptopOutlined,
  LineChartOutlined,
  MailOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PartitionOutlined,
  PieChartOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  RadarChartOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  StopOutlined,
  TabletOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import dayjs from 'dayjs';

/**
 * Icons of the menu catalogue by name. Only the names the catalogue uses are imported, so the bundle
 * does not carry the whole icon set; an unknown name shows the default icon.
 */
export const MENU_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BulbOutlined,
  CalendarOutlined,
  CloudSyncOutlined,
  ClusterOutlined,
  ContainerOutlined,
  ControlOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  EyeOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  InsertRowAboveOutlined,
  KeyOutlined,
  LaptopOutlined,
  LineChartOutlined,
  MailOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PartitionOutlined,
  PieChartOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  RadarChartOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  StopOutlined,
  TabletOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  UsergroupAddOutlined,
};

export const DEFAULT_MENU_ICON = AppstoreOutlined;

export interface MenuIconProps {
  /** Icon name from @ant-design/icons, as MenuEntry.icon carries it. */
  name: string;
  /** The entry's path: /reserve shows today's day of the month (spec 000 section 2). */
  path?: string;
}

/** The icon of a menu entry. */
export function MenuIcon({ name, path }: MenuIconProps) {
  if (path === '/reserve') return <DayOfMonthIcon />;
  const Icon = MENU_ICONS[name] ?? DEFAULT_MENU_ICON;
  return <Icon />;
}

/** A small calendar leaf with today's day of the month, sized like an antd icon. */
export function DayOfMonthIcon() {
  const day = dayjs().date();
  return (
    <span role="img" aria-label={`calendar ${day}`} className="anticon atrium-day-icon" data-testid="day-of-month-icon">
      <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
        <rect x="1.5" y="2.5" width="13" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <path d="M1.5 5.8h13" stroke="currentColor" strokeWidth="1.2" />
        <path d="M5 1.2v2.6M11 1.2v2.6" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" />
        <text x="8" y="12.9" textAnchor="middle" fontSize="6.4" fontWeight="700" fill="currentColor">
          {day}
        </text>
      </svg>
    </span>
  );
}
