"""The computer's worker, pure: thinker.py thinks about positions sent from the page (tested
in CPython); web/ai_worker.py, the worker's entry script, exports its methods.
"""
