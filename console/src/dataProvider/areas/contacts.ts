import { defineArea } from './area';

/** The contacts area's resources and calls. */
export const contactsArea = defineArea({
  resources: {},
  methods: () => ({}),
});
