/** The saw list: the saw sheets' cut tables as CSV, one row per cut (docs/api.md, "Saw list"). */
export {
  SAW_LIST_COLUMNS,
  SAW_LIST_STYLES,
  type SawListColumn,
  type SawListRow,
  type SawListStyle,
  sawListCsv,
  sawListRows,
} from './csv.ts';
