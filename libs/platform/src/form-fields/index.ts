export * from './form-field';
export * from './required';
export * from './email';
export * from './phone';
export * from './web-link';
export * from './numbers';
export * from './dates';
export * from './rich-text';
