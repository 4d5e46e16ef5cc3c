/**
 * Name lists for the demo people: common Egyptian and Arab first names with their Arabic
 * spelling. A full name is first name, father's name and family name, as on Egyptian records.
 */
export type Name = [en: string, ar: string];

export const MALE: Name[] = [
  ['Ahmed', 'أحمد'], ['Mohamed', 'محمد'], ['Mahmoud', 'محمود'], ['Mostafa', 'مصطفى'], ['Omar', 'عمر'],
  ['Ali', 'علي'], ['Hassan', 'حسن'], ['Hussein', 'حسين'], ['Youssef', 'يوسف'], ['Khaled', 'خالد'],
  ['Ibrahim', 'إبراهيم'], ['Karim', 'كريم'], ['Tarek', 'طارق'], ['Amr', 'عمرو'], ['Hany', 'هاني'],
  ['Sherif', 'شريف'], ['Walid', 'وليد'], ['Yasser', 'ياسر'], ['Hatem', 'حاتم'], ['Adel', 'عادل'],
  ['Sameh', 'سامح'], ['Ayman', 'أيمن'], ['Essam', 'عصام'], ['Ashraf', 'أشرف'], ['Magdy', 'مجدي'],
  ['Nabil', 'نبيل'], ['Ramy', 'رامي'], ['Ziad', 'زياد'], ['Marwan', 'مروان'], ['Adham', 'أدهم'],
  ['Hamza', 'حمزة'], ['Bilal', 'بلال'], ['Saif', 'سيف'], ['Abdallah', 'عبد الله'], ['Abdelrahman', 'عبد الرحمن'],
  ['Osama', 'أسامة'], ['Fady', 'فادي'], ['Mina', 'مينا'], ['Kirollos', 'كيرلس'], ['Girgis', 'جرجس'],
  ['Samir', 'سمير'], ['Tamer', 'تامر'], ['Wael', 'وائل'], ['Mazen', 'مازن'], ['Nour', 'نور'],
  ['Seif', 'سيف الدين'], ['Galal', 'جلال'], ['Fathy', 'فتحي'], ['Salah', 'صلاح'], ['Reda', 'رضا'],
];

export const FEMALE: Name[] = [
  ['Fatma', 'فاطمة'], ['Mariam', 'مريم'], ['Nour', 'نور'], ['Sara', 'سارة'], ['Aya', 'آية'],
  ['Salma', 'سلمى'], ['Yasmin', 'ياسمين'], ['Habiba', 'حبيبة'], ['Farida', 'فريدة'], ['Malak', 'ملك'],
  ['Hana', 'هناء'], ['Reem', 'ريم'], ['Dina', 'دينا'], ['Rania', 'رانيا'], ['Heba', 'هبة'],
  ['Mona', 'منى'], ['Amira', 'أميرة'], ['Nada', 'ندى'], ['Esraa', 'إسراء'], ['Shaimaa', 'شيماء'],
  ['Doaa', 'دعاء'], ['Asmaa', 'أسماء'], ['Zeinab', 'زينب'], ['Khadija', 'خديجة'], ['Aisha', 'عائشة'],
  ['Laila', 'ليلى'], ['Hoda', 'هدى'], ['Samar', 'سمر'], ['Nesma', 'نسمة'], ['Menna', 'منة'],
  ['Rawan', 'روان'], ['Jana', 'جنى'], ['Logain', 'لجين'], ['Basma', 'بسمة'], ['Ghada', 'غادة'],
  ['Marina', 'مارينا'], ['Mirna', 'ميرنا'], ['Christine', 'كريستين'], ['Verina', 'فيرينا'], ['Nadine', 'نادين'],
  ['Alaa', 'آلاء'], ['Eman', 'إيمان'], ['Hend', 'هند'], ['Noha', 'نهى'], ['Radwa', 'رضوى'],
  ['Shahd', 'شهد'], ['Rahma', 'رحمة'], ['Toka', 'تقى'], ['Nermeen', 'نرمين'], ['Lamia', 'لمياء'],
];

export const FAMILY: Name[] = [
  ['Abdelaziz', 'عبد العزيز'], ['Elsayed', 'السيد'], ['Hassan', 'حسن'], ['Soliman', 'سليمان'], ['Mansour', 'منصور'],
  ['Farouk', 'فاروق'], ['Ramadan', 'رمضان'], ['Shehata', 'شحاتة'], ['Gaber', 'جابر'], ['Eldeeb', 'الديب'],
  ['Elmasry', 'المصري'], ['Badawy', 'بدوي'], ['Zaki', 'زكي'], ['Fawzy', 'فوزي'], ['Saleh', 'صالح'],
  ['Abdelhamid', 'عبد الحميد'], ['Hegazy', 'حجازي'], ['Kamel', 'كامل'], ['Shawky', 'شوقي'], ['Morsy', 'مرسي'],
  ['Ezzat', 'عزت'], ['Naguib', 'نجيب'], ['Helmy', 'حلمي'], ['Ghoneim', 'غنيم'], ['Rizk', 'رزق'],
  ['Amin', 'أمين'], ['Attia', 'عطية'], ['Darwish', 'درويش'], ['Elnaggar', 'النجار'], ['Elhaddad', 'الحداد'],
  ['Osman', 'عثمان'], ['Sabry', 'صبري'], ['Tawfik', 'توفيق'], ['Youssef', 'يوسف'], ['Wahba', 'وهبة'],
  ['Hanna', 'حنا'], ['Boutros', 'بطرس'], ['Fahmy', 'فهمي'], ['Elshazly', 'الشاذلي'], ['Abdelghany', 'عبد الغني'],
];

/** Given name, father's name, family name: a plausible Egyptian full name in both languages. */
export function fullName(first: Name, father: Name, family: Name): Name {
  return [`${first[0]} ${father[0]} ${family[0]}`, `${first[1]} ${father[1]} ${family[1]}`];
}

/** A mailbox-friendly form of an English name: lower case, letters only. */
export function mailbox(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}
