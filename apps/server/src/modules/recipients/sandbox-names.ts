import type { TargetCountry } from './channels/index.ts';

/**
 * Given and family names common in each target, for the sandbox's account-name lookup: a name
 * that looks like the country's, so a tester sees a plausible holder. `familyFirst` where the
 * account name is written family name first (Vietnam; Japan's Zengin account names).
 */
export interface NamePool {
  given: readonly string[];
  family: readonly string[];
  familyFirst?: boolean;
}

export const SANDBOX_NAMES: Record<TargetCountry, NamePool> = {
  IN: {
    given: ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Sneha', 'Arjun', 'Kavya'],
    family: ['Sharma', 'Patel', 'Reddy', 'Iyer', 'Gupta', 'Nair', 'Singh', 'Mukherjee'],
  },
  PH: {
    given: ['Maria', 'Jose', 'Angelica', 'Mark', 'Kristine', 'John Paul', 'Jasmine', 'Carlo'],
    family: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Villanueva', 'Ramos'],
  },
  NG: {
    given: ['Chinedu', 'Ngozi', 'Oluwaseun', 'Aisha', 'Emeka', 'Funmilayo', 'Ibrahim', 'Chioma'],
    family: ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Okonkwo', 'Abubakar', 'Adebayo', 'Nwosu'],
  },
  KE: {
    given: ['Wanjiru', 'Brian', 'Achieng', 'Kevin', 'Njeri', 'Dennis', 'Akinyi', 'Faith'],
    family: ['Kamau', 'Otieno', 'Mutua', 'Wafula', 'Chebet', 'Njoroge', 'Kiprop', 'Omondi'],
  },
  PK: {
    given: ['Muhammad Ali', 'Ayesha', 'Bilal', 'Fatima', 'Usman', 'Sana', 'Hamza', 'Zainab'],
    family: ['Khan', 'Ahmed', 'Malik', 'Qureshi', 'Siddiqui', 'Chaudhry', 'Butt', 'Sheikh'],
  },
  MX: {
    given: ['José Luis', 'María Fernanda', 'Juan Carlos', 'Guadalupe', 'Alejandro', 'Ximena'],
    family: ['Hernández', 'García', 'Martínez', 'López', 'González', 'Rodríguez', 'Pérez'],
  },
  BD: {
    given: ['Rahim', 'Fatema', 'Tanvir', 'Nusrat', 'Arif', 'Sharmin', 'Imran', 'Taslima'],
    family: ['Hossain', 'Rahman', 'Islam', 'Ahmed', 'Chowdhury', 'Akter', 'Uddin', 'Haque'],
  },
  NP: {
    given: ['Sita', 'Ram', 'Anjali', 'Bikash', 'Sunita', 'Prakash', 'Kabita', 'Suman'],
    family: ['Shrestha', 'Thapa', 'Gurung', 'Tamang', 'Adhikari', 'Karki', 'Rai', 'Magar'],
  },
  GH: {
    given: ['Kwame', 'Ama', 'Kofi', 'Akosua', 'Yaw', 'Abena', 'Kwabena', 'Efua'],
    family: ['Mensah', 'Owusu', 'Boateng', 'Asante', 'Appiah', 'Osei', 'Agyeman', 'Darko'],
  },
  VN: {
    given: ['Văn An', 'Thị Hoa', 'Minh Tuấn', 'Thị Lan', 'Quốc Bảo', 'Ngọc Anh', 'Đức Huy'],
    family: ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi'],
    familyFirst: true,
  },
  JP: {
    given: ['Haruto', 'Yui', 'Sota', 'Aoi', 'Ren', 'Hina', 'Takumi', 'Sakura'],
    family: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura'],
    familyFirst: true,
  },
  PL: {
    given: ['Anna', 'Piotr', 'Katarzyna', 'Tomasz', 'Agnieszka', 'Michał', 'Magdalena'],
    family: ['Nowak', 'Wójcik', 'Kowalczyk', 'Woźniak', 'Mazur', 'Krawczyk', 'Zając', 'Król'],
  },
};
