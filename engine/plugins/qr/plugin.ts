/**
 * QR attendance as a Rowaq plugin: `qr#Scanner` (the student's /attendance) and
 * `qr#TakeAttendance` (the instructor's /attendance/take). Their code (jsqr, qrcode) loads
 * with the first attendance screen, not with the app.
 */
import { lazyNamed } from '../../react/lazy.ts';
import type { RowaqPlugin } from '../../react/registry/registry.ts';

const ScannerScreen = lazyNamed(() => import('./ScannerScreen.tsx'), 'ScannerScreen');
const TakeAttendanceScreen = lazyNamed(() => import('./TakeAttendanceScreen.tsx'), 'TakeAttendanceScreen');

export const qrPlugin: RowaqPlugin = {
  name: 'qr',
  components: { 'qr#Scanner': ScannerScreen, 'qr#TakeAttendance': TakeAttendanceScreen },
};
