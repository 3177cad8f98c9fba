import { defineArea } from './area';

/** The tasks area's resources and calls. */
export const tasksArea = defineArea({
  resources: {},
  methods: () => ({}),
});
