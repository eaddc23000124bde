/** jsdom's window width, the console's wide layout; the test setup puts it back after every test. */
export const DEFAULT_WINDOW_WIDTH = 1024;

/** Makes the window `px` wide for antd's breakpoints and the console's layout (test/setup.ts answers matchMedia by it). */
export function setWindowWidth(px: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: px });
}
