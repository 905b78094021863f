import { writeDemoPhotos } from './photos';

// `pnpm build` (tsup.config.ts onSuccess): renders the demo's photos into dist/demo-photos.
await writeDemoPhotos();
