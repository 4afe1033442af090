// heic-decode ships no types; this is the part of its API Assay uses.
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface HeifImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface Decode {
    (input: { buffer: Buffer | ArrayBuffer }): Promise<DecodedImage>;
    all(input: { buffer: Buffer | ArrayBuffer }): Promise<HeifImage[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
