export { listSchoolStates, searchSchools } from './search-schools';
