export * from './tokens';
export * from './decorators';
export * from './jwt.strategy';
export * from './jwt-auth.guard';
export * from './auth.module';
export * from './token-revocations';
