/** The addresses of the client manifest's parts (engine/react/manifest-asset.ts). */
declare module 'virtual:rowaq/manifest-url' {
  const urls: { core: string; data: string };
  export default urls;
}
