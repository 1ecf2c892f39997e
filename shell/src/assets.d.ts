/** An asset imported by a module: the factory emits it content-hashed (assets/[name].[contenthash][ext]) and the import is its URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
