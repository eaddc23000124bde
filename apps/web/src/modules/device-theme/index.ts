export { ThemeDrawer, type ThemeDrawerProps } from './components/theme-drawer';
