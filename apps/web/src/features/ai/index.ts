// AI availability for every feature with AI buttons (rubric generation, feedback requests).
export { AiNotConfiguredNotice } from './components/AiNotConfiguredNotice';
export { useAiEnabled } from './useAiEnabled';
