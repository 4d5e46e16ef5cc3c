/** The address of the client manifest (engine/react/manifest-asset.ts). */
declare module 'virtual:rowaq/manifest-url' {
  const url: string;
  export default url;
}
