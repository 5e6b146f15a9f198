import Foundation
import TerminalUI

let status = Rivulet.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
