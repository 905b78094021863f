// The public submit page's own entry (ADR 012): React and the page, without the router, the query client and
// Mantine of the app. The server sends the page as HTML with its data (ADR 020); this takes it over.
import { mountSubmitPage } from './features/submissions';
import { installChunkReloadGuard } from './lib/chunkReload';

installChunkReloadGuard();

const root = document.getElementById('root');
if (!root) throw new Error('submit.html has no #root element');
mountSubmitPage(root);
