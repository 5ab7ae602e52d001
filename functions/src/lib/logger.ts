// Structured logs through the Functions logger (Cloud Logging in production, the console locally).
import * as functionsLogger from 'firebase-functions/logger';

export const logger = {
  info: (message: string, data: Record<string, unknown> = {}) => functionsLogger.info(message, data),
  warn: (message: string, data: Record<string, unknown> = {}) => functionsLogger.warn(message, data),
  error: (message: string, data: Record<string, unknown> = {}) => functionsLogger.error(message, data),
};
