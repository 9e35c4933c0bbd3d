export { messages } from './en_US.ts';
