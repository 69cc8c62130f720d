import { AppError } from './appError.ts';

export const invalidKey = () => new AppError(401, 'INVALID_API_KEY', 'API key invalid or expired');
