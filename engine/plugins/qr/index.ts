/**
 * The QR attendance plugin: `qrPlugin` registers `qr#Scanner` (students) and `qr#TakeAttendance`
 * (instructors) for YAML screens (`view: plugin`). The server side is server/domains/attendance.
 */
export { qrPlugin } from './plugin.ts';
export { decodePixels, decodeImageFile, fitSize } from './decode.ts';
