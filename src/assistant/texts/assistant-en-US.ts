import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './assistant-zh-CN.ts';

/** The assistant's texts (`assistant.*`), English. */
const assistantTexts: Translation<typeof zhCN> = {
  assistant: {
    title: 'AI assistant',
    intro: 'Ask me anything about using your cloud phones. Answers come from the help pages.',
    suggestionsLabel: 'Suggested questions',
    conversationLabel: 'Conversation',
    you: 'You',
    bot: 'AI assistant',
    inputLabel: 'Your question',
    placeholder: 'Ask a question',
    send: 'Send',
    stop: 'Stop',
    voice: 'Voice input',
    listening: 'Listening, tap to stop',
    newConversation: 'New conversation',
    thinking: 'Thinking…',
    stopped: 'Stopped',
    fallbackNotice: 'The AI model is unavailable; this answer comes from the help pages.',
    sources: 'Sources',
    copyAnswer: 'Copy answer',
    feedbackOnAnswer: 'Feedback on this answer',
    feedbackGeneral: 'Feedback',
    feedback: {
      title: 'Feedback',
      type: 'Feedback type',
      content: 'Details',
      placeholder: 'Describe the problem or your suggestion',
      count: '{{count}}/{{max}}',
      submit: 'Submit',
      thanks: 'Thank you for your feedback',
      types: {
        helpful: 'Helpful',
        inaccurate: 'Inaccurate answer',
        suggestion: 'Suggestion',
        problem: 'Problem using the app',
        other: 'Other',
      },
    },
    offline: 'You are offline. Your question is kept; send it again once you are back online.',
    unreachable: 'The server cannot be reached. Your question is kept; please try again.',
  },
};

export default assistantTexts;
