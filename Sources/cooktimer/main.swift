import CooktimerCLI
import Foundation

exit(CooktimerMain.main())
