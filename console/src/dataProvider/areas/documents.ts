import { defineArea } from './area';

/** The documents area's resources and calls. */
export const documentsArea = defineArea({
  resources: {},
  methods: () => ({}),
});
