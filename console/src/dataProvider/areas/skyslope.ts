import { defineArea } from './area';

/** The skyslope area's resources and calls. */
export const skyslopeArea = defineArea({
  resources: {},
  methods: () => ({}),
});
