@testable import BaseServices
