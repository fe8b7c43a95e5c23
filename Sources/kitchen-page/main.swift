// Writes the kitchen page to stdout, or to the file named: the browser tests' stand-in
// server serves that file, and it can be opened to look at the page without a server.
import CooktimerKitchen
import Foundation

if CommandLine.arguments.count > 1 {
  let path = CommandLine.arguments[1]
  do {
    try KitchenPage.html.write(toFile: path, atomically: true, encoding: .utf8)
  } catch {
    FileHandle.standardError.write(Data("kitchen-page: cannot write \(path): \(error)\n".utf8))
    exit(74)
  }
} else {
  print(KitchenPage.html, terminator: "")
}
