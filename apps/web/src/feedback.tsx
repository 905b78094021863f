// The student's feedback page's own entry (ADR 034): React and the page, without the router, the query client
// and Mantine of the app. The server sends the page rendered with its data; this hydrates it.
import { mountFeedbackLinkPage } from './features/grading';
import { installChunkReloadGuard } from './lib/chunkReload';

installChunkReloadGuard();

const root = document.getElementById('root');
if (!root) throw new Error('feedback.html has no #root element');
mountFeedbackLinkPage(root);
