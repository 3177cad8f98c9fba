import { defineArea } from './area';

/** The admin-dashboards area's resources and calls. */
export const adminDashboardsArea = defineArea({
  resources: {},
  methods: () => ({}),
});
