import { defineArea } from './area';

/** The notifications area's resources and calls. */
export const notificationsArea = defineArea({
  resources: {},
  methods: () => ({}),
});
