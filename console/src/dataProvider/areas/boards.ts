import { defineArea } from './area';

/** The boards area's resources and calls. */
export const boardsArea = defineArea({
  resources: {},
  methods: () => ({}),
});
