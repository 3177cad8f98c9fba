import { defineArea } from './area';

/** The messages area's resources and calls. */
export const messagesArea = defineArea({
  resources: {},
  methods: () => ({}),
});
