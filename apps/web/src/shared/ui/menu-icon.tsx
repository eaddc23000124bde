import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import ApiOutlined from '@ant-design/icons/ApiOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import BugOutlined from '@ant-design/icons/BugOutlined';
import BulbOutlined from '@ant-design/icons/BulbOutlined';
import CloudOutlined from '@ant-design/icons/CloudOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import CloudSyncOutlined from '@ant-design/icons/CloudSyncOutlined';
import ClusterOutlined from '@ant-design/icons/ClusterOutlined';
import ContainerOutlined from '@ant-design/icons/ContainerOutlined';
import ControlOutlined from '@ant-design/icons/ControlOutlined';
import CrownOutlined from '@ant-design/icons/CrownOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import HddOutlined from '@ant-design/icons/HddOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import InsertRowAboveOutlined from '@ant-design/icons/InsertRowAboveOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LayoutOutlined from '@ant-design/icons/LayoutOutlined';
import LaptopOutlined from '@ant-design/icons/LaptopOutlined';
import LineChartOutlined from '@ant-design/icons/LineChartOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import MonitorOutlined from '@ant-design/icons/MonitorOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import PartitionOutlined from '@ant-design/icons/PartitionOutlined';
import PieChartOutlined from '@ant-design/icons/PieChartOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import RadarChartOutlined from '@ant-design/icons/RadarChartOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import TabletOutlined from '@ant-design/icons/TabletOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import UsergroupAddOutlined from '@ant-design/icons/UsergroupAddOutlined';
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
  BugOutlined,
  BulbOutlined,
  CloudOutlined,
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
  LayoutOutlined,
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
