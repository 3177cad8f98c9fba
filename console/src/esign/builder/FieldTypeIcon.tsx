import type { EsignFieldType } from '@app/contracts';
import ArrowDropDownCircleIcon from '@mui/icons-material/ArrowDropDownCircle';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import DrawIcon from '@mui/icons-material/Draw';
import FormatStrikethroughIcon from '@mui/icons-material/FormatStrikethrough';
import LibraryAddCheckIcon from '@mui/icons-material/LibraryAddCheck';
import NumbersIcon from '@mui/icons-material/Numbers';
import PhoneIcon from '@mui/icons-material/Phone';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import ShortTextIcon from '@mui/icons-material/ShortText';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import type { SvgIconProps } from '@mui/material/SvgIcon';

const ICONS: Record<EsignFieldType, typeof DrawIcon> = {
  text: ShortTextIcon,
  signature: DrawIcon,
  initials: TextFieldsIcon,
  checkbox: CheckBoxIcon,
  select: ArrowDropDownCircleIcon,
  radio: RadioButtonCheckedIcon,
  multiple: LibraryAddCheckIcon,
  number: NumbersIcon,
  phone: PhoneIcon,
  date: CalendarMonthIcon,
  strikethrough: FormatStrikethroughIcon,
};

export const FieldTypeIcon = ({ type, ...props }: { type: EsignFieldType } & SvgIconProps) => {
  const Icon = ICONS[type];
  return <Icon fontSize="small" {...props} />;
};
