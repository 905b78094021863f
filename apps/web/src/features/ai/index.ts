// Whether the server has an AI provider, and the notice when it has none.
export { AiNotConfiguredNotice } from './components/AiNotConfiguredNotice';
export { useAiEnabled } from './useAiEnabled';
